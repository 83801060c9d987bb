/** The built server's output folders the check reads, relative to the checkout. */
export declare const BUILT_SERVER_DIRS: string[];
export declare function packageName(specifier: string): string;
export declare function importedSpecifiers(code: string): string[];
export declare function checkProdDeps(dirs?: string[]): { packages: string[]; problems: string[] };
