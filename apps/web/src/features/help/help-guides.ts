/**
 * The Help Desk's guides and answers (docs/help-desk.md), written for the screens as they are. Each guide
 * names the screen it is about and links there; its screenshot is in public/help/, taken by the e2e specs
 * (docs/help-desk.md says how to refresh them).
 */
export type HelpGuide = {
  id: string;
  title: string;
  summary: string;
  /** Where the screen is, for the "Open this screen" link. */
  href: string;
  steps: readonly string[];
  screenshot: { src: string; alt: string };
};

export const HELP_GUIDES: readonly HelpGuide[] = [
  {
    id: 'dashboard',
    title: 'Your dashboard',
    summary: 'What needs you now: referrals waiting for triage, renewals due, appointments coming up.',
    href: '/',
    steps: [
      'The dashboard opens after you sign in. Each card counts referrals in one condition at your current establishment.',
      'Select a card to open the list of exactly those referrals.',
      'Inbox cards are referrals sent to you; outbox cards are referrals you sent.',
      'To see another establishment’s counts, switch establishment with the selector at the top.',
    ],
    screenshot: { src: '/help/dashboard.webp', alt: 'The dashboard with its inbox and outbox cards' },
  },
  {
    id: 'new-referral',
    title: 'Send a referral',
    summary: 'Choose the receiver, the patient and the forms, attach letters and results, then submit.',
    href: '/referrals/create',
    steps: [
      'Select New Referral at the top of the navigation.',
      'Receiver: choose a specialist clinic, hospital (and department) or practice, then the specialist or No named specialist. If the receiver is not listed, enter their details by hand.',
      'If the receiver takes advice and guidance requests, you can send a question instead of a referral.',
      'Patient: find the patient of your establishment by name, or add them.',
      'Forms: answer the receiver’s questions. Attachments: add letters, results or images (up to 20 files of 5 MB).',
      'Details: check the message. Renewal: choose how long the referral is valid and who is notified, then Submit referral.',
      'Your draft is saved as you go: you can close the page and continue from Drafts later.',
    ],
    screenshot: {
      src: '/help/new-referral.webp',
      alt: 'The first step of a new referral, choosing the receiver',
    },
  },
  {
    id: 'inbox',
    title: 'Find referrals in your inbox',
    summary: 'New, under review, accepted, scheduled and more: search by patient, filter and sort.',
    href: '/referrals/inbox/all',
    steps: [
      'Open Referrals under Inbox in the navigation. The tabs show each status; New holds referrals nobody has opened yet.',
      'Unread referrals are bold with a dot before the patient’s name.',
      'Search by the patient’s name or another field (Search by), narrow to your tags or to the dates submitted, and sort.',
      'Opening a new referral marks it Under review and tells the referrer it was viewed.',
    ],
    screenshot: { src: '/help/inbox.webp', alt: 'The referral inbox, New tab, with an unread referral' },
  },
  {
    id: 'triage',
    title: 'Triage, schedule or return a referral',
    summary: 'Accept with a priority and category, waitlist, book the appointment, or send it back.',
    href: '/referrals/inbox/new',
    steps: [
      'Open the referral and select Triage.',
      'Triage details: choose the assignee, priority and category, the wait time and the service.',
      'Scheduling: enter the appointment, or skip scheduling to accept or waitlist it now.',
      'Message and notifications: choose who is told, then confirm.',
      'To send a referral back, select Return and give the reason; to pass it to another service, select Forward.',
    ],
    screenshot: { src: '/help/triage.webp', alt: 'The triage details page of a referral' },
  },
  {
    id: 'write-report',
    title: 'Write a clinical report',
    summary: 'Send your report back to the referrer from the referral, from a template or blank.',
    href: '/referrals/inbox/accepted',
    steps: [
      'Open the referral. Under Clinical reports, choose a template if you like, then select Write a report.',
      'Write the report in the editor, add a title and attach files; your draft is kept until you send it.',
      'Select Send to the referrer. They see it as new in their reports inbox and are notified.',
      'A request for advice is answered the same way: select Write your advice.',
    ],
    screenshot: { src: '/help/write-report.webp', alt: 'Writing a clinical report with the editor' },
  },
  {
    id: 'read-report',
    title: 'Read and review a report',
    summary: 'Reports about your referrals arrive in your reports inbox; mark each one reviewed.',
    href: '/clinical-reports/inbox/all',
    steps: [
      'Open Reports under Inbox in the navigation; new reports are bold and counted beside the link.',
      'Opening a report marks it under review for the author.',
      'Download its PDF or attachments, then select Mark reviewed.',
    ],
    screenshot: { src: '/help/read-report.webp', alt: 'A clinical report opened by the referrer' },
  },
  {
    id: 'patients',
    title: 'Keep patient records',
    summary: 'Add and update patients, their carers, MRNs, Medicare and concession details.',
    href: '/patients',
    steps: [
      'Open Patients in the navigation and search by name, Medicare number or MRN.',
      'Select Create, fill in the sections and save; required fields are marked.',
      'Only staff with an approved employment at your establishment see its patients.',
    ],
    screenshot: { src: '/help/patients.webp', alt: 'The patients list of an establishment' },
  },
  {
    id: 'notifications',
    title: 'Choose your email notifications',
    summary: 'Decide which events also reach you by email, not only in the bell.',
    href: '/settings/notifications',
    steps: [
      'Open Settings (the gear at the top), then Notifications.',
      'Switch on the emails you want: a referral received, viewed, accepted, scheduled or returned, a report received.',
      'Emails never name the patient in the subject; they link to the referral in the app.',
    ],
    screenshot: { src: '/help/notifications.webp', alt: 'The notification settings' },
  },
];

export type HelpAnswer = { id: string; question: string; answer: string };

export const HELP_ANSWERS: readonly HelpAnswer[] = [
  {
    id: 'no-new-referral',
    question: 'Why can I not create a referral?',
    answer:
      'New Referral needs the add referral permission at your current establishment and an approved employment there. Ask your establishment’s account holder, or switch to the establishment you refer from.',
  },
  {
    id: 'lost-draft',
    question: 'Where did my draft go?',
    answer:
      'Drafts are saved as you type. Find them under Drafts, Referrals in the navigation; a deleted draft is in Deleted Items until you delete it again.',
  },
  {
    id: 'report-not-seen',
    question: 'The referrer says they cannot see my report.',
    answer:
      'A report reaches the referrer only once you select Send to the referrer. Until then it is a draft that only your establishment sees.',
  },
  {
    id: 'referral-validity',
    question: 'How long is a referral valid?',
    answer:
      'Twelve months from submission, or three from a specialist. Before it runs out the referrer can renew it from the referral.',
  },
  {
    id: 'signed-out',
    question: 'I was signed out while working.',
    answer:
      'For privacy a session ends after 30 minutes without activity; you are warned first. What you typed in a referral draft or a report draft was saved.',
  },
];

/** The guides and answers holding every word of the search, case-insensitively. */
export function searchHelp(query: string): { guides: HelpGuide[]; answers: HelpAnswer[] } {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const matches = (text: string) => words.every((word) => text.toLowerCase().includes(word));
  return {
    guides: HELP_GUIDES.filter((guide) => matches([guide.title, guide.summary, ...guide.steps].join(' '))),
    answers: HELP_ANSWERS.filter((answer) => matches(`${answer.question} ${answer.answer}`)),
  };
}
