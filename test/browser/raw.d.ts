// Vite's ?raw imports: the file's text.
declare module "*.hbs?raw" {
  const text: string;
  export default text;
}

declare module "*.css?raw" {
  const text: string;
  export default text;
}
