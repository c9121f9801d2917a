/** The settings of every app process behind the proxy (see topology.mjs). */
export declare const APP_SETTINGS: Readonly<Record<string, string>>;
/** The proxy's configuration (see topology.mjs). */
export declare function nginxConfig(options: {
  listen: number | string;
  upstreams: string[];
  pidFile?: string;
  errorLog?: string;
  tempDir?: string;
}): string;
