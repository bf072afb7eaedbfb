/// <reference types="node" />
import { resolve } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { defineConfig, type Plugin } from 'vite';
import { createMockService, type MockService } from './src/mock/index.js';

const root = import.meta.dirname;

/** The library entries: one per `exports` entry of package.json. */
const libraryEntries = {
  index: resolve(root, 'src/index.ts'),
  client: resolve(root, 'src/client/index.ts'),
  mock: resolve(root, 'src/mock/index.ts'),
  proxy: resolve(root, 'src/proxy/index.ts'),
  store: resolve(root, 'src/store/index.ts'),
  bell: resolve(root, 'src/components/bell/bell.ts'),
  inbox: resolve(root, 'src/components/inbox/inbox.ts'),
  preferences: resolve(root, 'src/components/preferences/preferences.ts'),
  provider: resolve(root, 'src/components/provider/provider.ts'),
};

/** Subscriber shown by the demo page. */
export const DEMO_SUBSCRIBER = 'usr_priya_raman';
export const DEMO_API_KEY = 'mock-secret-key';

/**
 * Serves the mock service over real HTTP under /v1 and /v2 for the demo page, and lets a new notification
 * arrive every 20 seconds so the bell visibly changes.
 */
function mockServicePlugin(): Plugin {
  let mock: MockService;
  let timer: ReturnType<typeof setInterval> | undefined;
  return {
    name: 'notif-mock-service',
    apply: 'serve',
    configureServer(server) {
      mock = createMockService({ apiKey: DEMO_API_KEY });
      timer = setInterval(() => mock.addMessage(DEMO_SUBSCRIBER), 20_000);
      server.httpServer?.once('close', () => clearInterval(timer));
      server.middlewares.use((req, res, next) => {
        if (!req.url || !/^\/v[12]\//.test(req.url)) return next();
        void forward(mock, req, res).catch(next);
      });
    },
  };
}

async function forward(mock: MockService, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers.set(name, value);
  }
  const method = req.method ?? 'GET';
  const request = new Request(`http://${req.headers.host ?? 'localhost'}${req.url}`, {
    method,
    headers,
    body: method === 'GET' || method === 'HEAD' || chunks.length === 0 ? undefined : Buffer.concat(chunks),
  });
  const response = await mock.handle(request);
  res.statusCode = response.status;
  response.headers.forEach((value, name) => res.setHeader(name, value));
  res.end(Buffer.from(await response.arrayBuffer()));
}

const external = [/^lit($|\/)/, /^@lit\//, /^@lit-labs\//, /^nanostores($|\/)/];

export default defineConfig(({ mode }) => {
  if (mode === 'cdn') {
    // One self-contained, minified file for <script type="module" src="...">: Lit and nanostores bundled.
    return {
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      build: {
        outDir: 'dist/cdn',
        emptyOutDir: true,
        minify: true,
        lib: { entry: resolve(root, 'src/cdn.ts'), formats: ['es'], fileName: () => 'notif-elements.js' },
        rollupOptions: { output: { codeSplitting: false } },
      },
    };
  }
  return {
    plugins: [mockServicePlugin()],
    build: {
      outDir: 'dist',
      emptyOutDir: false,
      minify: false,
      sourcemap: true,
      lib: { entry: libraryEntries, formats: ['es'] },
      rollupOptions: {
        external,
        // One output file per source module: the files that define elements stay apart from the classes,
        // so `sideEffects` in package.json can name exactly them.
        output: { preserveModules: true, preserveModulesRoot: 'src', entryFileNames: '[name].js' },
      },
    },
  };
});
