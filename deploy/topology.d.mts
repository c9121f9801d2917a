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
/** The proxy as a site file of a host's own nginx (see topology.mjs). */
export declare function nginxSite(options: { listen: number | string; upstreams: string[]; serverName: string }): string;
