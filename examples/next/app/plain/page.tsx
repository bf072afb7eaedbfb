// The same page with plain tags, to show what the README says: they render and upgrade, but hydration leaves
// their properties unset and adds none of their listeners (React 19 sets them only when a later render changes
// them). Use notif-elements/react instead.
import { PlainTags } from './plain-tags';

export default function Page() {
  return <PlainTags />;
}
