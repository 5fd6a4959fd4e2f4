export interface Bundle {
  workspace: string;
  output: string;
  sources: string[];
}
export const BUNDLES: readonly Bundle[];
export function isStale(bundle: Bundle): boolean;
