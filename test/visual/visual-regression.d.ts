/**
 * The browser half of @web/test-runner-visual-regression 0.10. Its `index.d.ts` re-exports
 * `./browser/commands.mjs`, for which TypeScript looks for a `.d.mts` that the package does not ship (it ships
 * `commands.d.ts`), so the export is declared here from that file.
 */
export {};

declare module '@web/test-runner-visual-regression' {
  /** Screenshots `element` on the server and compares it with the baseline `name`; rejects when they differ. */
  export function visualDiff(element: Node, name: string): Promise<void>;
}
