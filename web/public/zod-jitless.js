// zod probes `Function('')` when it builds its first object schema, to compile faster parsers; the app's
// Content-Security-Policy forbids eval, so the probe would be reported as a violation. zod reads this global
// setting (what `z.config({ jitless: true })` writes), and shared's schemas are built while the module chunks
// load, so it is set here, by a classic script that runs before any of them.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
