import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [
    vue({
      template: {
        // <notif-*> are custom elements, not Vue components: Vue renders them as they are, without
        // trying to resolve them (and without a "Failed to resolve component" warning).
        compilerOptions: { isCustomElement: (tag) => tag.startsWith('notif-') },
      },
    }),
  ],
});
