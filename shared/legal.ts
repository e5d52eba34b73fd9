/**
 * The Terms of Service and the Privacy Policy, short and honest: what the product does with an attorney's
 * data and what each side agrees to. One definition, linked from registration and shown at /terms and /privacy.
 */
export type LegalSection = { heading: string; paragraphs: string[] };
export type LegalDocument = { path: string; title: string; updated: string; sections: LegalSection[] };

export const TERMS_OF_SERVICE: LegalDocument = {
  path: '/terms',
  title: 'Terms of Service',
  updated: 'November 23, 2026',
  sections: [
    {
      heading: 'What Lateral Passport is',
      paragraphs: [
        'Lateral Passport lets an attorney answer one lateral partner questionnaire and share it with the law firms that invite them, and lets a firm invite attorneys, receive what they share, review it and export it.',
      ],
    },
    {
      heading: 'Your account',
      paragraphs: [
        'Give accurate information, keep your password to yourself and tell us at once if you think someone else has used your account. You are responsible for what is done with it.',
        'A firm account acts for its firm: invite only attorneys your firm is genuinely considering, for a real position.',
      ],
    },
    {
      heading: 'What is shared, and with whom',
      paragraphs: [
        'Nothing an attorney enters reaches a firm until the attorney shares it with that firm. A firm receives a frozen copy of what was shared and uses it only to consider the attorney for the position it named.',
        'Firms must keep shared packages confidential, may not pass them to anyone outside their hiring process, and may not use the voluntary diversity form for hiring decisions.',
      ],
    },
    {
      heading: 'Acceptable use',
      paragraphs: [
        'Do not upload anything you have no right to share, anything unlawful, or software meant to harm. Do not try to read data that was not shared with you, or to get around limits or security.',
      ],
    },
    {
      heading: 'No legal advice, no guarantee',
      paragraphs: [
        'We provide the software, not advice on professional-conduct, conflicts or confidentiality obligations, which remain yours. We work to keep the service available and correct but cannot promise it will never fail.',
      ],
    },
    {
      heading: 'Ending',
      paragraphs: [
        'You may stop using Lateral Passport at any time. We may suspend an account that breaks these terms. These terms may change; we will tell you by email before a change that matters takes effect.',
      ],
    },
  ],
};

export const PRIVACY_POLICY: LegalDocument = {
  path: '/privacy',
  title: 'Privacy Policy',
  updated: 'November 23, 2026',
  sections: [
    {
      heading: 'What we hold',
      paragraphs: [
        'Your account (name, email address, a hash of your password), what you enter in your profile and forms, the documents you upload, the requests firms send you, and a record of each time a firm reads what you shared.',
        'The diversity self-identification form is voluntary. It is kept apart from your questionnaire and reaches a firm only if you choose to include it when you share.',
      ],
    },
    {
      heading: 'Who sees it',
      paragraphs: [
        'A firm sees only what you shared with that firm, as it was when you shared it. Before you share, a firm learns nothing about you beyond the email address it typed. Every read by a firm is recorded and shown to you.',
        'We do not sell your data or use it for advertising. Our hosting, storage and email providers process it for us only to run the service.',
      ],
    },
    {
      heading: 'How it is protected',
      paragraphs: [
        'Connections are encrypted, passwords and sign-in tokens are stored hashed, documents are served only to you and to the firms you shared them with, and secrets never reach our logs.',
      ],
    },
    {
      heading: 'Your choices',
      paragraphs: [
        'You can correct what you entered at any time, choose what each firm receives, and ask us to export or delete your data by writing to privacy@lateralpassport.example.',
      ],
    },
  ],
};
