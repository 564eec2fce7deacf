import { describe, expect, test } from 'vitest';
import { checkContactForm, CONTACT_TOPICS } from '../../../../core/contact-form';
import { contactMail } from '../../../../server/services/support/contact-mail';

const good = {
  name: 'Ada',
  email: 'ada@example.com',
  topic: 'billing',
  message: 'Where do I find my invoices?',
};

describe('the contact form check (core)', () => {
  test('accepts a complete message', () => {
    expect(checkContactForm(good)).toEqual({});
  });

  test('names each field at fault with the form’s words and the shared e-mail messages', () => {
    expect(checkContactForm({ name: ' ', email: '', topic: '', message: 'short' })).toEqual({
      name: 'Please tell us your name',
      email: 'No Email Provided',
      topic: 'Choose what your message is about',
      message: 'Write at least 10 characters',
    });
    expect(checkContactForm({ ...good, email: 'ada@gmial.com' }).email).toBe('Email contains typo');
    expect(checkContactForm({ ...good, email: 'ada@' }).email).toBe('Invalid Email');
    expect(checkContactForm({ ...good, name: 'x'.repeat(101) }).name).toMatch(/at most 100/);
    expect(checkContactForm({ ...good, message: 'x'.repeat(5001) }).message).toMatch(
      /at most 5000/,
    );
  });

  test('every topic has a value and a label', () => {
    for (const topic of CONTACT_TOPICS)
      expect(checkContactForm({ ...good, topic: topic.value })).toEqual({});
  });
});

describe('the support mail', () => {
  test('goes to the support address with the visitor as Reply-To, their words escaped in HTML', () => {
    const mail = contactMail('support@x.test', {
      name: 'Ada',
      email: 'ada@example.com',
      topicLabel: 'Plans, credits and billing',
      message: '<b>Invoices?</b>',
    });
    expect(mail.to).toBe('support@x.test');
    expect(mail.replyTo).toBe('ada@example.com');
    expect(mail.subject).toBe('Support: Plans, credits and billing (from Ada)');
    expect(mail.text).toContain('<b>Invoices?</b>');
    expect(mail.html).toContain('&lt;b&gt;Invoices?&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>Invoices?</b>');
  });
});
