// The functions of the Foundry CLI the build and its tests use (its package ships no types).
declare module "@foundryvtt/foundryvtt-cli" {
  export function extractPack(src: string, dest: string, options?: { nedb?: boolean; yaml?: boolean; log?: boolean }): Promise<void>;
  export function compilePack(src: string, dest: string, options?: { nedb?: boolean; yaml?: boolean; recursive?: boolean; log?: boolean }): Promise<void>;
}
