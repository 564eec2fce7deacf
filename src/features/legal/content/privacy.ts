import type { LegalDocument } from './document';

// The Privacy Policy (/privacy): what Waveframe stores, why, for how long, and who else sees it.

export const PRIVACY: LegalDocument = {
  intro: [
    'This policy says what Waveframe stores about you, why, for how long, and who else handles it on our behalf. We keep only what the product needs to work, sell nothing, and show no advertising.',
  ],
  sections: [
    {
      id: 'what-we-store',
      heading: 'What we store',
      blocks: [
        {
          list: [
            'Your account: your e-mail address, a hash of your password (scrypt with a salt of its own; we never store or log the password itself), whether your address is verified, your e-mail preferences, and the name you give in your profile, if any.',
            'How you found us, sent once with sign-up: the page you first landed on, the referring site and its query, when you first visited, the kind of device and the browser’s name.',
            'Your media: the audio, images and clips you upload, what we compute from them (a track’s waveform, spectrum and beats; tags and embedded cover art; thumbnails and playable copies) and the videos you render, with their settings.',
            'Your plan: the plan, your credits and the record of every credit used or given back, and the identifiers the payment provider gave your customer account and subscription.',
            'YouTube: for each channel you link, its id, title and picture, and the refresh token Google gives us, sealed with AES-256-GCM; your uploads to it with their details and results. We never see your Google password.',
            'Security records: sessions and mailed codes, stored only as hashes, and short-lived counters of attempts per account and per network address that enforce rate limits.',
          ],
        },
        'Payment records stay with the payment providers: your card or other payment details are entered in Stripe’s or Paddle’s own fields and never reach our servers. We fetch your invoices and the brand and last four digits of your card from the provider when you open My Plan.',
        'A message you send with the contact form is e-mailed to our support address; we do not keep it in our database.',
      ],
    },
    {
      id: 'why',
      heading: 'Why we use it',
      blocks: [
        'To run your account and sign you in, to process your files and render your videos, to publish to YouTube when you ask, to charge and renew your plan, to e-mail you codes, links and (if you keep them on) notices of finished renders and uploads, to answer you, and to keep the service safe from abuse. The legal basis is our contract with you; for security records, our legitimate interest in protecting the service.',
      ],
    },
    {
      id: 'how-long',
      heading: 'How long we keep it',
      blocks: [
        {
          list: [
            'Your account, media, videos, plan records and linked channels: until you delete them, or until you delete your account.',
            'Videos you set to “delete after 30 days”: deleted 30 days after they were made. Canvas drafts you never rendered: deleted after a day.',
            'Sessions: 30 days, or until you log out or change your password.',
            'Mailed codes and links: until used, and at most 24 hours (e-mail verification and e-mail change) or one hour (password reset and account deletion).',
            'Rate-limit counters: the length of their window, at most an hour, then pruned.',
            'Payment records at the providers: as long as tax and accounting law requires them to keep them.',
          ],
        },
      ],
    },
    {
      id: 'cookies',
      heading: 'Cookies and storage on your device',
      blocks: [
        'We set two cookies, both needed for the service, and no others:',
        {
          list: [
            '`sessionid` keeps you signed in (httpOnly, for 30 days at most).',
            '`csrftoken` protects your account from requests forged by other sites.',
          ],
        },
        'There are no analytics, advertising or tracking cookies, and no third-party scripts except the payment provider’s, loaded only on the checkout screens. The app also keeps data in your browser so it works offline: a copy of your library lists, uploads waiting to be sent, particle designs, recently used colours and the first-visit details above. Logging out clears what belongs to your account.',
      ],
    },
    {
      id: 'processors',
      heading: 'Who else handles it',
      blocks: [
        'We share data only with the services that run parts of Waveframe for us, and only what each needs:',
        {
          list: [
            'Payment providers: Stripe (card payments) and Paddle (overlay checkout, as seller of record), with your e-mail address and what you buy.',
            'Google (YouTube Data API), only when you link a channel: the videos you publish and their details.',
            'Our mail relay, which delivers the e-mails we send you and the messages you send to support.',
            'Our hosting and storage providers, where the servers, the database and your files live.',
          ],
        },
        'We do not sell or rent your data, and we do not share it with advertisers. We disclose it to authorities only when the law obliges us to.',
      ],
    },
    {
      id: 'your-rights',
      heading: 'Your rights',
      blocks: [
        'You can see and download your media and videos in your library, change your e-mail address and preferences in your [profile](/account), and delete anything you uploaded or made. You may also ask us for a copy of your data, to correct it, to restrict or object to its use, or to erase it: write to us through the [contact form](/support/contact). You can complain to the data protection authority where you live.',
      ],
    },
    {
      id: 'deletion',
      heading: 'Deleting your account',
      blocks: [
        'On [Delete account](/account/permanently-delete), we e-mail you a code that works for one hour. Entering it deletes your account with every record that belongs to it (plan, credits, sessions, linked channels and their sealed tokens, uploads and render records) and every file you uploaded or made. This cannot be undone. Videos already published on YouTube stay on your channel, and the payment providers keep their payment records as the law requires. Cancel a paid plan first so it does not renew.',
      ],
    },
    {
      id: 'security',
      heading: 'Security',
      blocks: [
        'Passwords are hashed, sessions and codes stored only as hashes, YouTube tokens sealed, every change to your account checked against forged requests, and sign-in attempts limited. No system is perfectly secure; if a breach affects you, we tell you without delay.',
      ],
    },
    {
      id: 'children',
      heading: 'Children',
      blocks: [
        'Waveframe is not meant for children too young to agree to our terms where they live. If you believe a child has given us their data, tell us and we will delete it.',
      ],
    },
    {
      id: 'changes',
      heading: 'Changes to this policy',
      blocks: [
        'When we change this policy in a way that matters, we tell you by e-mail before it applies. The date at the top says when it last changed.',
      ],
    },
    {
      id: 'contact',
      heading: 'Contact',
      blocks: [
        'Questions about your data or this policy: write to us through the [contact form](/support/contact), which reaches our support address, and choose the topic “Privacy and my data”.',
      ],
    },
  ],
};
