/**
 * The shape of src/, checked in `npm test` (scripts/test.mjs runs `depcruise src`).
 *
 * - No import circle among value imports anywhere in src/.
 * - The rules core and the systems layer stay pure: neither imports the Foundry shell.
 * - The Foundry shell's rooms (src/foundry/<room>/) import only rooms below them, in this order
 *   (docs/architecture.md says what each owns):
 *     base < world < documents < map < gm < cards < ui < api < hooks
 *   fvtt-config.d.ts (the typed settings and flags) may name types from any room.
 */
const ROOMS = ["base", "world", "documents", "map", "gm", "cards", "ui", "api", "hooks"];

const layering = ROOMS.slice(0, -1).map((room, i) => ({
  name: `room-${room}-looks-down`,
  comment: `src/foundry/${room}/ may import only the rooms below it (${ROOMS.slice(0, i).join(", ") || "none"})`,
  severity: "error",
  from: { path: `^src/foundry/${room}/` },
  to: { path: `^src/foundry/(${ROOMS.slice(i + 1).join("|")})/` },
}));

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "An import circle among value imports: one of the files must give way (type-only imports do not count)",
      severity: "error",
      from: { path: "^src/" },
      to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only"] } },
    },
    {
      name: "rules-are-pure",
      comment: "src/rules/ knows nothing of Foundry, the systems layer or the DOM",
      severity: "error",
      from: { path: "^src/rules/" },
      to: { path: "^src/(foundry|systems)/" },
    },
    {
      name: "systems-are-pure",
      comment: "src/systems/ reads plain actor data; it does not import the Foundry shell",
      severity: "error",
      from: { path: "^src/systems/" },
      to: { path: "^src/foundry/" },
    },
    {
      name: "rooms-are-rooms",
      comment: "every shell file lives in a room (src/foundry/<room>/), but the typed configuration",
      severity: "error",
      from: { path: "^src/foundry/[^/]+\\.ts$", pathNot: "^src/foundry/fvtt-config\\.d\\.ts$" },
      to: {},
    },
    ...layering,
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "node_modules" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".d.ts", ".js", ".mjs"] },
  },
};
