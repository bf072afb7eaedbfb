import type { StorybookConfig } from '@storybook/web-components-vite';

const config: StorybookConfig = {
  framework: { name: '@storybook/web-components-vite', options: {} },
  stories: ['../stories/**/*.mdx', '../stories/**/*.stories.ts'],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y'],
  core: { disableTelemetry: true },
  async viteFinal(config) {
    // The project's vite.config.ts builds the library; Storybook builds an app from the same sources.
    if (config.build) {
      delete config.build.lib;
      delete config.build.rollupOptions;
    }
    config.plugins = (config.plugins ?? []).filter(
      (plugin) =>
        !(plugin && typeof plugin === 'object' && 'name' in plugin && plugin.name === 'notif-demo-server'),
    );
    return config;
  },
};

export default config;
