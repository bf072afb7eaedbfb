import { executeServerCommand } from '@web/test-runner-commands';

/** Turns Chromium's forced-colours mode (Windows High Contrast) on or off for this page. */
export async function emulateForcedColors(active: boolean): Promise<void> {
  await executeServerCommand('emulate-forced-colors', { active });
}

/** The relative luminance of a computed colour, `rgb()`/`rgba()` or `color(srgb …)` (WCAG 2). */
function luminance(color: string): number {
  const srgb = color.startsWith('color(srgb');
  if (!srgb && !color.startsWith('rgb')) throw new Error(`Cannot read the colour ${color}`);
  const [r, g, b] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map((channel) => {
    const c = srgb ? Number(channel) : Number(channel) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}

/** The WCAG contrast ratio of two computed colours. */
export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}
