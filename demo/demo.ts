import '../src/index.js';
import { wireDemoControls } from './controls.js';

wireDemoControls();
