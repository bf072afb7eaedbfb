/**
 * What both demo pages (index.html on the sources, cdn.html on the self-contained bundle) show beside the
 * elements: the changes that reached the mock service, and a toast saying where a message or button would
 * lead instead of leaving the page. It imports nothing at run time from the package (types only), so the
 * bundle page still runs the bundle alone. Not part of the package.
 */
import type { NotifBell } from '../src/components/bell/bell.component.js';
import type { NotifInbox } from '../src/components/inbox/inbox.component.js';

/** Shows the changes that reached the mock service (PATCH and POST bodies), refreshed every 2 seconds. */
export function showRequests(list: HTMLElement) {
  const refresh = async () => {
    const changes = (await (await fetch('/__demo/requests')).json()) as {
      method: string;
      path: string;
      body: unknown;
    }[];
    list.replaceChildren(
      ...changes.map((change) => {
        const item = document.createElement('li');
        const code = document.createElement('code');
        code.textContent = `${change.method} ${change.path} ${JSON.stringify(change.body)}`;
        item.append(code);
        return item;
      }),
    );
  };
  void refresh();
  setInterval(() => void refresh(), 2000);
}

/** A URL as the toast shows it: a path on this site, else the whole URL. */
function describeUrl(url: string): string {
  try {
    const parsed = new URL(url, location.href);
    return parsed.origin === location.origin ? parsed.pathname + parsed.search + parsed.hash : parsed.href;
  } catch {
    return url;
  }
}

/**
 * The inboxes (the page's and the one in the bell's panel) would leave the page when a message is opened or
 * a link in it followed. The page takes over instead, as an app with its own router would: it cancels
 * `notif-message-click` (so it marks the message read itself) and link clicks, and says in a toast, a polite
 * status region, where it would have gone. Action buttons carry no URL: the toast names the button and the
 * message's link. Their default (marking the message read) is kept.
 */
export function showWouldNavigate(root: Document, toast: HTMLElement) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const say = (text: string) => {
    toast.textContent = text;
    clearTimeout(timer);
    timer = setTimeout(() => (toast.textContent = ''), 5000);
  };
  root.addEventListener('notif-message-click', (event) => {
    event.preventDefault();
    const { message, url } = event.detail;
    const host = event.target as NotifInbox | NotifBell;
    if (!message.read && message._id) void host.activeStore?.markAs([message._id], 'read').catch(() => {});
    say(url ? `Would open ${describeUrl(url)}` : 'This message has no link');
  });
  root.addEventListener('notif-action', (event) => {
    const { button, message } = event.detail;
    const url = message.cta?.data?.url;
    say(url ? `“${button.content}”: would open ${describeUrl(url)}` : `“${button.content}” pressed`);
  });
  // Links inside messages (content blocks of type "button") are plain links in the inbox's shadow root.
  root.addEventListener('click', (event) => {
    const link = event
      .composedPath()
      .find((node): node is HTMLAnchorElement => node instanceof HTMLAnchorElement && node.href !== '');
    if (!link || !(link.getRootNode() instanceof ShadowRoot)) return;
    event.preventDefault();
    say(`Would open ${describeUrl(link.href)}`);
  });
}
