/** The README's picture of the demo page: `npm run demo -- --picture docs/images/demo.png` writes it (scripts/demo/picture.ts). */
export const DEMO_PICTURE = "demo.png";
