import { List, Stack, Text, Title } from '@mantine/core';

const SECTIONS: Array<{ heading: string; paragraphs: string[] }> = [
  {
    heading: '1. Your account',
    paragraphs: [
      'You need an account to upload audio and render videos. Keep your password to yourself and tell us at once if you think someone else has used your account. You are responsible for what happens under your account.',
      'You must be old enough to agree to these terms where you live, and the e-mail address you give us must be yours.',
    ],
  },
  {
    heading: '2. Your content',
    paragraphs: [
      'You keep every right to the audio, images and videos you upload or make with Waveframe. You give us only the permission we need to store, process and show them to you, and to publish them where you ask us to.',
      'Upload only material you own or may use. Do not upload anything unlawful, hateful or that infringes the rights of others; we may remove such material and close accounts that break this rule.',
    ],
  },
  {
    heading: '3. Plans, credits and payments',
    paragraphs: [
      'Free accounts get a small number of render credits. Paid plans renew until you cancel them; you can cancel at any time from your plan page and keep your plan until the end of the period you paid for.',
      'A render that fails gives its credit back. Credits have no cash value.',
    ],
  },
  {
    heading: '4. Fair use',
    paragraphs: ['Please do not:'],
  },
  {
    heading: '5. Ending your account',
    paragraphs: [
      'You can permanently delete your account from your profile at any time. Deleting it removes your uploads, your videos and your personal data; it cannot be undone.',
    ],
  },
  {
    heading: '6. The service',
    paragraphs: [
      'We work hard to keep Waveframe running and your files safe, but the service is provided as it is. Keep your own copies of anything important. We may change these terms; when we make a change that matters, we tell you by e-mail before it applies.',
    ],
  },
];

const FAIR_USE = [
  'try to get around credit limits or rate limits,',
  'interfere with the service or with other users,',
  'resell access to the service without our written agreement.',
];

/** The Terms of Service, as the sign-up form's terms dialog shows them. */
export function TermsOfServiceText() {
  return (
    <Stack gap="lg" maw={760}>
      <Text c="dimmed" size="sm">
        These terms apply when you use Waveframe, its website, its apps and its free tools. By
        creating an account you agree to them.
      </Text>
      {SECTIONS.map((section) => (
        <Stack key={section.heading} gap={6}>
          <Title order={3} fz="md">
            {section.heading}
          </Title>
          {section.paragraphs.map((paragraph) => (
            <Text key={paragraph} size="sm">
              {paragraph}
            </Text>
          ))}
          {section.heading.startsWith('4.') && (
            <List size="sm" spacing={4}>
              {FAIR_USE.map((item) => (
                <List.Item key={item}>{item}</List.Item>
              ))}
            </List>
          )}
        </Stack>
      ))}
    </Stack>
  );
}
