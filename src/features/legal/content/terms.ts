import type { LegalDocument } from './document';

// The Terms of Service: /terms, and the sign-up form's terms dialog.

export const TERMS: LegalDocument = {
  intro: [
    'These terms apply when you use Waveframe: its website, the installable app, the free tools and the API they use. By creating an account you agree to them. If you do not agree, do not create an account; the free tools stay open to you.',
  ],
  sections: [
    {
      id: 'service',
      heading: 'What Waveframe is',
      blocks: [
        'Waveframe turns audio into videos: audio-reactive visualizers, single-frame music videos, Spotify Canvas loops, particle videos and loop extensions of your clips. It keeps a library of your images, tracks and videos, and can publish your videos to a YouTube channel you link. Some tools work without an account.',
      ],
    },
    {
      id: 'account',
      heading: 'Your account',
      blocks: [
        'You need an account, with an e-mail address you have verified, to upload audio and render videos. Keep your password to yourself and tell us at once through the [contact form](/support/contact) if you think someone else has used your account. You are responsible for what happens under your account.',
        'You must be old enough to agree to these terms where you live, and the e-mail address you give us must be yours.',
      ],
    },
    {
      id: 'content',
      heading: 'Your content',
      blocks: [
        'You keep every right to the audio, images and videos you upload or make with Waveframe. You give us only the permission we need to store and process them, to show them to you, and to publish them where you ask us to. That permission ends when you delete them or your account.',
        'Upload only material you own or may use, including the music: a video made from someone else’s recording is still their recording. Do not upload anything unlawful, hateful or that infringes the rights of others; we may remove such material and close accounts that break this rule.',
      ],
    },
    {
      id: 'credits',
      heading: 'Plans, credits and payments',
      blocks: [
        'Free accounts get a few render credits to start with. A visualizer, single-frame or particle video uses one visualizer credit; a Spotify Canvas uses one Canvas credit. Loop extensions and the free tools use none. Credits have no cash value and cannot be transferred.',
        'A render that fails, or that you delete before it finishes, gives its credit back.',
        'Paid plans are paid in advance for a month or a year, at the price shown on the pricing page in your currency, through our payment providers Stripe (card) or Paddle (checkout overlay; Paddle is then the seller of record). They renew until you cancel. You can cancel at any time on [My Plan](/account/plan): you keep the plan and its credits until the end of the period you paid for, and credits you have not used stay yours afterwards. We do not refund a period that has started, except where the law says we must.',
        'If a renewal payment fails, your plan shows as past due until it is paid.',
      ],
    },
    {
      id: 'youtube',
      heading: 'Publishing to YouTube',
      blocks: [
        'When you link a YouTube channel, you let Waveframe upload the videos you choose to it, with the details you set. What you publish there is also subject to YouTube’s Terms of Service and Google’s policies. You can disconnect the channel at any time; we then withdraw our access at Google. Videos already published stay on your channel.',
      ],
    },
    {
      id: 'fair-use',
      heading: 'Fair use',
      blocks: [
        'Please do not:',
        {
          list: [
            'try to get around credit limits or rate limits,',
            'interfere with the service or with other users, or probe it for weaknesses without our written agreement,',
            'resell access to the service without our written agreement.',
          ],
        },
      ],
    },
    {
      id: 'ending',
      heading: 'Ending your account',
      blocks: [
        'You can permanently delete your account at any time on [Delete account](/account/permanently-delete). Deleting it removes your uploads, your videos and your personal data; it cannot be undone, and credits and any time left on a paid plan are lost. Cancel a paid plan first so it does not renew.',
        'We may suspend or close an account that breaks these terms. Unless the breach is serious, we tell you first and give you time to download your videos.',
      ],
    },
    {
      id: 'service-as-is',
      heading: 'The service',
      blocks: [
        'We work hard to keep Waveframe running and your files safe, but the service is provided as it is. Keep your own copies of anything important. Nothing in these terms limits rights you have as a consumer that the law does not allow us to limit.',
      ],
    },
    {
      id: 'changes',
      heading: 'Changes to these terms',
      blocks: [
        'We may change these terms. When we make a change that matters, we tell you by e-mail before it applies; if you do not agree, you can delete your account before then.',
      ],
    },
    {
      id: 'contact',
      heading: 'Contact',
      blocks: [
        'Questions about these terms: write to us through the [contact form](/support/contact), which reaches our support address.',
      ],
    },
  ],
};
