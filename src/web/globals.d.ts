/** Id of the running build, set by vite.config.ts; compared with /builds/latest.json to detect a new version. */
declare const __BUILD_ID__: string;
