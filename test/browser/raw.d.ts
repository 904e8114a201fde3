// Vite's ?raw imports: the file's text.
declare module "*.hbs?raw" {
  const text: string;
  export default text;
}
