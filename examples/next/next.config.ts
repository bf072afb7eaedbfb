import type { NextConfig } from 'next';

const config: NextConfig = {
  // The example runs offline and in CI: no telemetry, no image optimisation service.
  images: { unoptimized: true },
  // This app's folder is its root, though the repository around it has a lockfile too.
  turbopack: { root: import.meta.dirname },
};

export default config;
