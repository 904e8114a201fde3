/**
 * "Check this world": what the module finds in the world it runs in, for the GM and for bug
 * reports. Foundry and module versions, the host system, the conditions chosen, whether players
 * can send the module's requests, and every creature on the current scene with what its profile
 * lacks and whether its hit points are where the module looks.
 */
import { RulesInputError } from "../../rules/index.ts";
import { readLedger, readProfile } from "../documents/actors.ts";
import { MODULE_ID } from "../base/constants.ts";
import { i18n } from "../base/i18n.ts";
import { activeVariant, activeVariantId, automation } from "../world/settings.ts";
import { hitPointPaths, hostSystem } from "../documents/creature.ts";
import { statusEntries, statusMap } from "../documents/statuses.ts";
import { hooksSeen } from "../world/hooks-seen.ts";
import { movementHooks } from "../world/compat.ts";

export type CheckLevel = "ok" | "warn" | "info";

export interface CheckRow {
  readonly label: string;
  readonly value: string;
  readonly level: CheckLevel;
}

export interface CheckSection {
  readonly title: string;
  readonly rows: CheckRow[];
}

export interface WorldReport {
  readonly sections: CheckSection[];
  /** The whole report as plain text, to paste into a bug report. */
  readonly text: string;
  /** How many rows call for the GM's attention. */
  readonly warnings: number;
}

const row = (label: string, value: string, level: CheckLevel = "info"): CheckRow => ({ label: i18n.localize(label), value, level });

/** v14, or v13 from its first stable build (module.json's `compatibility.minimum`, 13.341). */
function supported(generation: number | undefined, build: number | undefined): boolean {
  return generation === 14 || (generation === 13 && (build ?? 0) >= 341);
}

function foundrySection(): CheckSection {
  const release = (game as unknown as { release?: { generation?: number; build?: number } }).release;
  const version = (game as unknown as { version?: string }).version ?? "?";
  const mod = game.modules.get(MODULE_ID) as unknown as { version?: string } | undefined;
  const gen = release?.generation;
  return {
    title: i18n.localize("WC.Check.foundry"),
    rows: [
      row("WC.Check.foundryVersion", release?.build !== undefined ? i18n.format("WC.Check.versionBuild", { version, build: release.build }) : version, supported(gen, release?.build) ? "ok" : "warn"),
      row("WC.Check.moduleVersion", mod?.version ?? "?"),
      row("WC.Check.variant", `${i18n.localize(`WC.Variant.${activeVariantId()}`)} (${activeVariantId()})`),
      row("WC.Check.automation", i18n.localize(`WC.Setting.automation.${automation()}`)),
      row("WC.Check.movementHook", i18n.localize(movementHooks() === "move" ? "WC.Check.movementByMove" : "WC.Check.movementByUpdate"), "ok"),
    ],
  };
}

function systemSection(): CheckSection {
  const system = (game as unknown as { system?: { id?: string; version?: string; title?: string } }).system;
  const host = hostSystem();
  const known = host.id !== "generic";
  const sample = game.actors.contents[0] as Actor.Implementation | undefined;
  const paths = sample ? hitPointPaths(sample) : { value: "?", max: "?" };
  return {
    title: i18n.localize("WC.Check.system"),
    rows: [
      row("WC.Check.systemId", `${system?.title ?? system?.id ?? "?"} (${system?.id ?? "?"} ${system?.version ?? ""})`.trim()),
      row("WC.Check.systemRead", known ? i18n.format("WC.Check.systemKnown", { label: host.label }) : i18n.localize("WC.Check.systemUnknown"), known ? "ok" : "warn"),
      row("WC.Check.hpPaths", `${paths.value} / ${paths.max}`),
    ],
  };
}

function statusSection(): CheckSection {
  const map = statusMap();
  const ids = new Set(statusEntries().map((s) => s.id));
  const rows = Object.entries(map).map(([key, c]) =>
    row(`WC.Condition.${key}`, i18n.format(c.host ? "WC.Check.hostStatus" : "WC.Check.ownStatus", { id: c.id }), ids.has(c.id) ? "ok" : "warn"),
  );
  return { title: i18n.localize("WC.Check.statuses"), rows };
}

/** Whether a user may whisper (the request card is a whisper to the GMs). Unknown where the API is missing. */
function mayWhisper(user: User.Implementation): boolean | null {
  const can = (user as unknown as { can?: (p: string) => boolean }).can;
  return typeof can === "function" ? can.call(user, "MESSAGE_WHISPER") : null;
}

function playersSection(): CheckSection {
  const players = game.users.filter((u) => !u.isGM);
  const rows = players.map((u) => {
    const w = mayWhisper(u);
    return row(u.name ?? "?", i18n.localize(w === null ? "WC.Check.whisperUnknown" : w ? "WC.Check.whisperYes" : "WC.Check.whisperNo"), w === false ? "warn" : w ? "ok" : "info");
  });
  if (rows.length === 0) rows.push(row("WC.Check.noPlayers", ""));
  rows.push(row("WC.Check.activeGM", game.users.activeGM?.name ?? i18n.localize("WC.Check.none"), game.users.activeGM ? "ok" : "warn"));
  return { title: i18n.localize("WC.Check.players"), rows };
}

function hooksSection(): CheckSection {
  const seen = hooksSeen();
  const names = ["setup", "ready", "renderChatMessageHTML", "renderTokenHUD", "getCombatTrackerContextOptions", "renderCombatTracker", "getHeaderControlsActorSheetV2", "getActorSheetHeaderButtons"];
  return { title: i18n.localize("WC.Check.hooks"), rows: names.map((n) => ({ label: n, value: i18n.localize(seen.has(n) ? "WC.Check.seen" : "WC.Check.notSeen"), level: seen.has(n) ? "ok" : "info" })) };
}

function creaturesSection(): CheckSection {
  const variant = activeVariant();
  const scene = (game.scenes as unknown as { current?: Scene.Implementation | null; viewed?: Scene.Implementation | null }).viewed ?? (game.scenes as unknown as { current?: Scene.Implementation | null }).current;
  const rows: CheckRow[] = [];
  for (const t of scene?.tokens ?? []) {
    const token = t as TokenDocument.Implementation;
    const actor = token.actor as Actor.Implementation | null;
    const name = token.name ?? actor?.name ?? "?";
    if (!actor) {
      rows.push({ label: name, value: i18n.localize("WC.Check.noActor"), level: "warn" });
      continue;
    }
    const notes: string[] = [];
    let level: CheckLevel = "ok";
    const p = readProfile(actor, variant, token);
    if (!p.stored) {
      notes.push(i18n.localize("WC.Check.defaultProfile"));
      level = "warn";
    } else if (p.filled.length > 0) {
      notes.push(i18n.format("WC.Check.filledIn", { fields: p.filled.map((f) => f.field).join(", ") }));
    }
    try {
      variant.validateProfile(token.uuid, p.profile, "profile");
    } catch (e) {
      if (!(e instanceof RulesInputError)) throw e;
      notes.push(e.issues.map((i) => i.path).join(", "));
      level = "warn";
    }
    if (!readLedger(actor)) {
      notes.push(i18n.localize("WC.Check.noHp"));
      level = "warn";
    }
    rows.push({ label: name, value: notes.length > 0 ? notes.join("; ") : i18n.localize("WC.Check.ready"), level });
  }
  if (rows.length === 0) rows.push(row("WC.Check.noTokens", ""));
  return { title: i18n.format("WC.Check.creatures", { scene: scene?.name ?? "?" }), rows };
}

export function checkWorld(): WorldReport {
  const sections = [foundrySection(), systemSection(), statusSection(), playersSection(), hooksSection(), creaturesSection()];
  const mark: Record<CheckLevel, string> = { ok: "ok  ", warn: "!!  ", info: "    " };
  const text = [`Weaponless Combat: ${i18n.localize("WC.Check.title")}`, ...sections.flatMap((s) => ["", `## ${s.title}`, ...s.rows.map((r) => `${mark[r.level]}${r.label}: ${r.value}`)])].join("\n");
  return { sections, text, warnings: sections.reduce((n, s) => n + s.rows.filter((r) => r.level === "warn").length, 0) };
}
