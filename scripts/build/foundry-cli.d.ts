// The one function of the Foundry CLI the build uses (its package ships no types).
declare module "@foundryvtt/foundryvtt-cli" {
  export function compilePack(src: string, dest: string, options?: { nedb?: boolean; yaml?: boolean; recursive?: boolean; log?: boolean }): Promise<void>;
}
