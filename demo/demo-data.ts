/**
 * The demo's own data: about forty messages for the signed-in subscriber (varied senders and kinds, most
 * without buttons, read and unread, minutes to weeks old) and the arrivals the demo adds while it runs,
 * composed from parts so that no subject comes back. The mock's default seed, which the tests rely on, is
 * not used by the demo. No avatars: the inbox shows the sender's initials (from `payload.actor`), or a bell
 * for messages sent by the product itself. Not part of the package.
 */
import type { Message, MessageButton } from '../src/client/types.js';
import { ENVIRONMENT_ID, ORGANIZATION_ID } from '../src/mock/fixtures/subscribers.js';

/** What a message is about: the custom rows show it as a chip (`payload.kind`). */
export type DemoKind =
  | 'mention'
  | 'comment'
  | 'approval'
  | 'task'
  | 'deploy'
  | 'build'
  | 'security'
  | 'billing'
  | 'invitation'
  | 'reminder'
  | 'digest'
  | 'export'
  | 'document'
  | 'status';

/** The seeded workflow (its preferences show in `<notif-preferences>`) each kind is sent by. */
const WORKFLOW_OF: Record<DemoKind, string> = {
  mention: 'comment-mention',
  comment: 'comment-mention',
  document: 'comment-mention',
  approval: 'task-assigned',
  task: 'task-assigned',
  reminder: 'task-assigned',
  deploy: 'build-status',
  build: 'build-status',
  status: 'build-status',
  security: 'security-alert',
  billing: 'payment-failed',
  invitation: 'workspace-invitation',
  digest: 'weekly-digest',
  export: 'export-ready',
};

/** One demo message, before ids and dates. */
interface DemoMessage {
  kind: DemoKind;
  /** The person who sent it; none for messages from the product itself. */
  actor?: string;
  subject: string;
  content: string;
  /** The app's own path the message opens. */
  url: string;
  /** Labels of its buttons, the first one primary. Most messages have none. */
  buttons?: string[];
}

interface SeededMessage extends DemoMessage {
  /** How long ago it arrived, in minutes. */
  ago: number;
  read?: boolean;
  /** Unread but already seen (the bell was opened since): the badge does not count it. */
  seen?: boolean;
}

const MINUTE = 1;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Newest first. No subject appears twice. */
const SEEDED: SeededMessage[] = [
  {
    ago: 3 * MINUTE,
    kind: 'mention',
    actor: 'Maya Chen',
    subject: 'Maya Chen mentioned you in Q1 planning',
    content: '“@Priya can we lock the API freeze date before Friday’s sync?”',
    url: '/docs/q1-planning#comment-c_8812',
  },
  {
    ago: 12 * MINUTE,
    kind: 'approval',
    actor: 'Daniel Okafor',
    subject: 'Daniel Okafor requested your approval',
    content: 'Expense report “Berlin offsite travel”: €1,284.50 across 6 receipts.',
    url: '/approvals/exp_5521',
    buttons: ['Approve', 'Decline'],
  },
  {
    ago: 26 * MINUTE,
    kind: 'comment',
    actor: 'Sofia Rossi',
    subject: 'Sofia Rossi commented on PLAT-1187',
    content: '“Looks good. I’d keep the retry budget at 3 and ship it behind the flag.”',
    url: '/tasks/PLAT-1187#comments',
  },
  {
    ago: 41 * MINUTE,
    kind: 'deploy',
    subject: 'api-gateway 2.14.0 is live in production',
    content: 'Rolled out to 3 regions in 7 min 40 s. Error rate unchanged.',
    url: '/deploys/dep_30412',
  },
  {
    ago: 1 * HOUR + 5 * MINUTE,
    kind: 'security',
    subject: 'New sign-in from Firefox on Linux',
    content: 'Near Lisbon, Portugal (203.0.113.24). If this wasn’t you, secure your account now.',
    url: '/settings/security/sessions',
    buttons: ['Review sign-in'],
  },
  {
    ago: 1 * HOUR + 40 * MINUTE,
    kind: 'reminder',
    read: true,
    subject: 'Reminder: 1:1 with Jordan at 3:00 PM',
    content: 'Agenda: hiring plan and the Q1 on-call rotation.',
    url: '/calendar/evt_1on1_jordan',
  },
  {
    ago: 2 * HOUR + 15 * MINUTE,
    kind: 'task',
    actor: 'Kenji Watanabe',
    seen: true,
    subject: 'Kenji Watanabe assigned you PLAT-1204',
    content: 'Rotate the staging TLS certificates before they expire on Dec 3.',
    url: '/tasks/PLAT-1204',
  },
  {
    ago: 3 * HOUR,
    kind: 'comment',
    actor: 'Lucía Fernández',
    read: true,
    subject: 'Lucía Fernández replied to your comment',
    content: '“Agreed, the onboarding copy reads much better now. Merging after lunch.”',
    url: '/docs/onboarding-emails#comment-c_8790',
  },
  {
    ago: 4 * HOUR,
    kind: 'build',
    seen: true,
    subject: 'Build #4921 failed on release/2.14',
    content: '2 tests failing in payments-service (RefundPolicy.spec.ts).',
    url: '/builds/4921',
  },
  {
    ago: 5 * HOUR,
    kind: 'invitation',
    actor: 'Jordan Lee',
    seen: true,
    subject: 'Jordan Lee invited you to Design Ops',
    content: 'Join the Design Ops workspace as an editor.',
    url: '/invitations/inv_7781',
    buttons: ['Accept', 'Decline'],
  },
  {
    ago: 6 * HOUR,
    kind: 'billing',
    read: true,
    subject: 'Invoice INV-2025-0112 is available',
    content: '€2,340.00 for November, charged to the Visa card ending in 4242.',
    url: '/billing/invoices/INV-2025-0112',
  },
  {
    ago: 8 * HOUR,
    kind: 'mention',
    actor: 'Amara Nwosu',
    read: true,
    subject: 'Amara Nwosu mentioned you in #incident-review',
    content: '“Priya has the timeline of the 14:02 outage, tagging her here.”',
    url: '/chat/incident-review/m_44120',
  },
  {
    ago: 11 * HOUR,
    kind: 'approval',
    actor: 'Omar Haddad',
    read: true,
    subject: 'Access request for the prod-db-readonly role',
    content: 'Omar Haddad asked for read-only access to the production database for 7 days.',
    url: '/access/requests/acr_219',
  },
  {
    ago: 1 * DAY,
    kind: 'deploy',
    read: true,
    subject: 'web-app 5.3.2 was rolled back',
    content: 'Automatic rollback after the health check failed in eu-west-1.',
    url: '/deploys/dep_30377',
  },
  {
    ago: 1 * DAY + 2 * HOUR,
    kind: 'document',
    actor: 'Elena Petrova',
    read: true,
    subject: 'Elena Petrova shared “Q1 hiring plan” with you',
    content: 'You can comment on this document.',
    url: '/docs/q1-hiring-plan',
  },
  {
    ago: 1 * DAY + 5 * HOUR,
    kind: 'status',
    read: true,
    subject: 'Scheduled maintenance on Sunday, 02:00–03:00 UTC',
    content: 'The EU database cluster will be upgraded. Expect up to 5 minutes of read-only mode.',
    url: '/status/maintenance/mnt_58',
  },
  {
    ago: 1 * DAY + 8 * HOUR,
    kind: 'task',
    actor: 'Tom Becker',
    read: true,
    subject: 'Tom Becker completed PLAT-1176',
    content: '“Migrate billing webhooks to v2” is done and ready for QA.',
    url: '/tasks/PLAT-1176',
  },
  {
    ago: 1 * DAY + 20 * HOUR,
    kind: 'export',
    read: true,
    subject: 'Your audit log export is ready',
    content: 'audit-log-2025-11.csv (3.1 MB). The link expires in 7 days.',
    url: '/exports/exp_241187',
    buttons: ['Download'],
  },
  {
    ago: 2 * DAY,
    kind: 'comment',
    actor: 'Aisha Khan',
    seen: true,
    subject: 'Aisha Khan requested changes on PR #812',
    content: '“Please add a test for the empty schedule case before we merge.”',
    url: '/code/pulls/812',
  },
  {
    ago: 2 * DAY + 3 * HOUR,
    kind: 'billing',
    seen: true,
    subject: 'Your payment card expires soon',
    content: 'The Visa card ending in 4242 expires at the end of December. Update it to avoid interruptions.',
    url: '/billing/payment-methods',
    buttons: ['Update card'],
  },
  {
    ago: 2 * DAY + 6 * HOUR,
    kind: 'mention',
    actor: 'Marcus Ilunga',
    read: true,
    subject: 'Marcus Ilunga mentioned you in Release notes 2.14',
    content: '“Priya, can you check the wording of the migration section?”',
    url: '/docs/release-notes-2-14#comment-c_8641',
  },
  {
    ago: 2 * DAY + 22 * HOUR,
    kind: 'security',
    read: true,
    subject: 'Two-factor authentication is on',
    content: 'Your account now asks for a code from your authenticator app when you sign in.',
    url: '/settings/security',
  },
  {
    ago: 3 * DAY,
    kind: 'reminder',
    read: true,
    subject: 'Your Insights Pro trial ends in 5 days',
    content: 'Choose a plan to keep advanced reports and scheduled exports.',
    url: '/billing/plans',
  },
  {
    ago: 3 * DAY + 4 * HOUR,
    kind: 'digest',
    read: true,
    subject: 'Your week in Northwind: 18 tasks closed',
    content: 'Platform closed 18 tasks, merged 42 pull requests and shipped 3 releases.',
    url: '/digest/2025-w46',
  },
  {
    ago: 3 * DAY + 6 * HOUR,
    kind: 'comment',
    actor: 'Sofia Rossi',
    read: true,
    subject: 'Sofia Rossi resolved your comment',
    content: 'On “Onboarding emails v3”: the button now points to the setup guide.',
    url: '/docs/onboarding-emails#comment-c_8577',
  },
  {
    ago: 4 * DAY,
    kind: 'deploy',
    read: true,
    subject: 'Canary for search-service reached 50%',
    content: 'p95 latency is 182 ms (12% lower). Promotion to 100% is scheduled for 16:00.',
    url: '/deploys/dep_30301',
  },
  {
    ago: 4 * DAY + 5 * HOUR,
    kind: 'invitation',
    actor: 'Noor Haddad',
    read: true,
    subject: 'Noor Haddad joined the Platform team',
    content: 'Noor accepted your invitation and now has member access.',
    url: '/teams/platform/members',
  },
  {
    ago: 5 * DAY,
    kind: 'approval',
    actor: 'Daniel Okafor',
    read: true,
    subject: 'Daniel Okafor approved your time off',
    content: 'Dec 22 – Jan 2 is now on the team calendar.',
    url: '/time-off/tor_0931',
  },
  {
    ago: 5 * DAY + 7 * HOUR,
    kind: 'billing',
    read: true,
    subject: '24 of 25 seats are in use',
    content: 'Add seats before you invite more people to the workspace.',
    url: '/billing/seats',
  },
  {
    ago: 6 * DAY,
    kind: 'mention',
    actor: 'Elena Petrova',
    read: true,
    subject: 'Elena Petrova mentioned you in Design review',
    content: '“@Priya the new empty state works on phones too.”',
    url: '/docs/design-review#comment-c_8450',
  },
  {
    ago: 6 * DAY + 9 * HOUR,
    kind: 'security',
    read: true,
    subject: 'API key “ci-deployer” was rotated',
    content: 'Rotated by Marcus Ilunga. The old key stops working in 24 hours.',
    url: '/settings/api-keys',
  },
  {
    ago: 7 * DAY,
    kind: 'reminder',
    read: true,
    subject: 'Quarterly access review is due Friday',
    content: '12 accounts in Platform are waiting for your review.',
    url: '/access/reviews/q4',
  },
  {
    ago: 8 * DAY,
    kind: 'digest',
    read: true,
    subject: 'Weekly digest: 3 releases and 9 new members',
    content: 'The most read document was “Incident response handbook”.',
    url: '/digest/2025-w45',
  },
  {
    ago: 9 * DAY,
    kind: 'comment',
    actor: 'Tom Becker',
    read: true,
    subject: 'Tom Becker commented on the on-call handbook',
    content: '“I added the escalation path for Saturday nights.”',
    url: '/docs/on-call-handbook#comment-c_8302',
  },
  {
    ago: 10 * DAY,
    kind: 'status',
    read: true,
    subject: 'Incident INC-342 is resolved',
    content: 'Checkout errors in us-east-1 stopped after 23 minutes. The post-mortem is due Monday.',
    url: '/incidents/INC-342',
  },
  {
    ago: 12 * DAY,
    kind: 'invitation',
    actor: 'Amara Nwosu',
    read: true,
    subject: 'Amara Nwosu added you to “Mobile launch”',
    content: 'You are now a member of the project and will get its updates.',
    url: '/projects/mobile-launch',
  },
  {
    ago: 14 * DAY,
    kind: 'billing',
    read: true,
    subject: 'Receipt for October',
    content: '€2,180.00 paid with the Visa card ending in 4242.',
    url: '/billing/invoices/INV-2025-0101',
  },
  {
    ago: 16 * DAY,
    kind: 'comment',
    actor: 'Aisha Khan',
    read: true,
    subject: 'Aisha Khan approved PR #798',
    content: '“Nice clean-up of the retry logic. Ship it.”',
    url: '/code/pulls/798',
  },
  {
    ago: 19 * DAY,
    kind: 'status',
    read: true,
    subject: 'Welcome to the Platform workspace',
    content: 'Start with the setup checklist: 4 of 6 steps are done.',
    url: '/onboarding',
  },
  {
    ago: 21 * DAY,
    kind: 'reminder',
    actor: 'Lucía Fernández',
    read: true,
    subject: 'Lucía Fernández invited you to the Sprint 46 retro',
    content: 'Thursday at 11:00. Add your notes to the board beforehand.',
    url: '/calendar/evt_retro_46',
  },
];

/** A 24-digit hex id, as the service's: the time in seconds, then a counter. */
function hexId(date: Date, counter: number): string {
  const seconds = Math.floor(date.getTime() / 1000)
    .toString(16)
    .padStart(8, '0');
  return (seconds + counter.toString(16).padStart(16, '0')).slice(0, 24);
}

function ctaButtons(labels: string[] | undefined): MessageButton[] | undefined {
  return labels?.map((content, index) => ({ type: index === 0 ? 'primary' : 'secondary', content }));
}

/** The fields of a message that come from the demo's description (what `addMessage` is given). */
export function demoFields(message: DemoMessage): Partial<Message> {
  const buttons = ctaButtons(message.buttons);
  return {
    templateIdentifier: WORKFLOW_OF[message.kind],
    subject: message.subject,
    content: message.content,
    cta: {
      type: 'redirect',
      data: { url: message.url },
      ...(buttons ? { action: { status: 'pending', buttons } } : {}),
    },
    payload: {
      kind: message.kind,
      ...(message.actor ? { actor: { name: message.actor } } : {}),
    },
    // No picture: the inbox shows the sender's initials, or a bell for messages from the product.
    avatar: undefined,
  };
}

/** The demo's messages for `subscriberId` (its `_id`), dated relative to `now`, newest first. */
export function demoMessages(subscriberId: string, now: Date): Message[] {
  return SEEDED.map((seeded, index) => {
    const createdAt = new Date(now.getTime() - seeded.ago * 60_000);
    const read = seeded.read ?? false;
    const seen = read || (seeded.seen ?? false);
    const fields = demoFields(seeded);
    const message: Message = {
      _id: hexId(createdAt, 0x5e_ed00 + index),
      _environmentId: ENVIRONMENT_ID,
      _organizationId: ORGANIZATION_ID,
      _notificationId: hexId(createdAt, 0x0a_0000 + index),
      _subscriberId: subscriberId,
      templateIdentifier: fields.templateIdentifier!,
      createdAt: createdAt.toISOString(),
      deliveredAt: [new Date(createdAt.getTime() + 180).toISOString()],
      content: seeded.content,
      transactionId: `demo-${index.toString().padStart(4, '0')}`,
      subject: seeded.subject,
      channel: 'in_app',
      read,
      seen,
      providerId: 'novu',
      cta: fields.cta!,
      _feedId: null,
      status: 'sent',
      payload: fields.payload!,
      overrides: {},
    };
    if (seen) message.lastSeenDate = new Date(createdAt.getTime() + 20 * 60_000).toISOString();
    if (read) message.lastReadDate = new Date(createdAt.getTime() + 30 * 60_000).toISOString();
    return message;
  });
}

// ---------------------------------------------------------------------------------------------------------
// Arrivals

const PEOPLE = [
  'Maya Chen',
  'Daniel Okafor',
  'Sofia Rossi',
  'Kenji Watanabe',
  'Lucía Fernández',
  'Amara Nwosu',
  'Jordan Lee',
  'Elena Petrova',
  'Tom Becker',
  'Aisha Khan',
];

const DOCUMENTS = [
  'Q2 roadmap',
  'Release notes 2.15',
  'Pricing page copy',
  'Incident response handbook',
  'Mobile launch checklist',
  'Brand refresh brief',
  'Data retention policy',
];

const SERVICES = ['billing-api', 'search-service', 'web-app', 'notifications', 'auth-service'];

const QUOTES = [
  'Could you take a look before the sync?',
  'I think this is ready, one last check from you?',
  'Added the numbers from last week, see the table.',
  'Can we move this to next sprint?',
  'Great catch, fixed in the latest revision.',
  'Is the deadline still Friday?',
];

/** Makes the `n`-th arrival of one kind. */
type Compose = (n: number, person: string, document: string, service: string, quote: string) => DemoMessage;

const ARRIVAL_KINDS: Compose[] = [
  (n, person, document, _service, quote) => ({
    kind: 'mention',
    actor: person,
    subject: `${person} mentioned you in ${document}`,
    content: `“@Priya ${quote.charAt(0).toLowerCase()}${quote.slice(1)}”`,
    url: `/docs/${slug(document)}#comment-c_${9000 + n}`,
  }),
  (n, _person, _document, service) => ({
    kind: 'deploy',
    subject: `${service} 3.${n}.0 is live in production`,
    content: `Rolled out to 3 regions in ${4 + (n % 6)} min. No new errors.`,
    url: `/deploys/dep_${31000 + n}`,
  }),
  (n, person) => ({
    kind: 'task',
    actor: person,
    subject: `${person} assigned you PLAT-${1300 + n}`,
    content: 'Due next Tuesday. The acceptance criteria are in the description.',
    url: `/tasks/PLAT-${1300 + n}`,
  }),
  (n, person, _document, _service, quote) => ({
    kind: 'comment',
    actor: person,
    subject: `${person} commented on PR #${900 + n}`,
    content: `“${quote}”`,
    url: `/code/pulls/${900 + n}`,
  }),
  (n) => ({
    kind: 'build',
    subject: `Build #${5000 + n} passed on main`,
    content: `All ${1280 + n} tests passed in ${5 + (n % 4)} min ${10 + (n % 50)} s.`,
    url: `/builds/${5000 + n}`,
  }),
  (n, person) => ({
    kind: 'approval',
    actor: person,
    subject: `${person} asked you to approve PO-${4400 + n}`,
    content: `Purchase order for ${10 + (n % 15)} laptop stands, €${(420 + n * 17).toLocaleString('en')}.`,
    url: `/approvals/po_${4400 + n}`,
    buttons: ['Approve', 'Decline'],
  }),
  (n, _person, _document, service) => ({
    kind: 'security',
    subject: `Dependency alert #${200 + n} in ${service}`,
    content: 'A moderate vulnerability was found in a transitive dependency. A fix is available.',
    url: `/security/alerts/${200 + n}`,
  }),
  (n, person, document) => ({
    kind: 'document',
    actor: person,
    subject: `${person} shared “${document}” (v${n + 2}) with you`,
    content: 'You can edit this document.',
    url: `/docs/${slug(document)}`,
  }),
  (n) => ({
    kind: 'billing',
    subject: `Invoice INV-2025-${(200 + n).toString()} is available`,
    content: `€${(1900 + n * 23).toLocaleString('en')}.00, charged to the Visa card ending in 4242.`,
    url: `/billing/invoices/INV-2025-${200 + n}`,
  }),
  (n, person) => ({
    kind: 'reminder',
    subject: `Reminder: review ${person}’s draft for sprint ${47 + n}`,
    content: 'The review is due tomorrow at noon.',
    url: `/reviews/rv_${700 + n}`,
  }),
  (n, person) => ({
    kind: 'invitation',
    actor: person,
    subject: `${person} invited you to sprint ${47 + n} planning`,
    content: 'Monday at 10:00, 45 minutes. The agenda is in the invitation.',
    url: `/invitations/inv_${8000 + n}`,
  }),
];

function slug(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * The `n`-th message (from 0) the demo adds while it runs, as fields for `addMessage`. The 11 kinds take
 * turns; the 10 people, 7 documents, 5 services and 6 quotes turn at their own rates, and numbered subjects
 * count up, so no subject comes back (the first pair that could, a mention, needs 770 arrivals: 8 hours).
 */
export function demoArrival(n: number): Partial<Message> {
  const compose = ARRIVAL_KINDS[n % ARRIVAL_KINDS.length]!;
  const message = compose(
    n,
    PEOPLE[n % PEOPLE.length]!,
    DOCUMENTS[n % DOCUMENTS.length]!,
    SERVICES[n % SERVICES.length]!,
    QUOTES[n % QUOTES.length]!,
  );
  return demoFields(message);
}
