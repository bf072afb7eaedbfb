import '../src/index.js';
import { de, registerTranslation } from '../src/i18n/index.js';
import { wireDemoControls } from './controls.js';

registerTranslation('de', de);
wireDemoControls();
