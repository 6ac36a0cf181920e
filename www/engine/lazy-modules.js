// The main thread's lazy wasm modules (engine-support.js's LAZY_MODULES:
// allin_extra, allin_board, allin_mixed), for engine.js: each compiled
// once when first needed, instantiated from a copy of its glue (importGlue),
// with a spare copy imported ahead so that after a trap a fresh instance is
// at hand, as the core's is. A leaf beside engine.js: it knows no game.

import { LAZY_MODULES, compile, importGlue } from './engine-support.js';

export class LazyModules {
  /** `instances()`: how many instances the engine has made (its copy number). */
  constructor(instances) {
    this.instances = instances;
    /** By name, once asked for: {module (compiled), glue (the instance), spare (the next copy), loading, compiling}. */
    this.mods = new Map();
  }

  /** Whether module `name` ('allin', the core, or one of LAZY_MODULES) is loaded. */
  loaded(name) {
    return name === 'allin' || Boolean(this.mods.get(name)?.glue);
  }

  /** Module `name`'s glue namespace, or null while it is not loaded. */
  glue(name) {
    return this.mods.get(name)?.glue ?? null;
  }

  /** Module `name`'s compiled WebAssembly.Module (for the workers), or null while it is not compiled. */
  compiled(name) {
    return this.mods.get(name)?.module ?? null;
  }

  /** The loaded modules' glue namespaces. */
  glues() {
    return [...this.mods.values()].flatMap((mod) => (mod.glue ? [mod.glue] : []));
  }

  /**
   * Loads module `name` (once; again after a failure), then calls
   * `onLoaded()`. Resolves when it is loaded.
   * @returns {Promise<void>}
   */
  load(name, onLoaded) {
    if (this.loaded(name)) return Promise.resolve();
    const urls = Object.hasOwn(LAZY_MODULES, name) ? LAZY_MODULES[name] : null;
    if (!urls) return Promise.reject(new Error(`no engine module ${JSON.stringify(name)}`));
    let mod = this.mods.get(name);
    if (!mod) this.mods.set(name, (mod = { module: null, glue: null, spare: null, loading: null, compiling: null }));
    mod.loading ??= (async () => {
      const n = this.instances();
      const [module, glue] = await Promise.all([
        (mod.compiling ??= compile(urls.wasm).catch((err) => {
          mod.compiling = null;
          throw err;
        })),
        importGlue(n, urls.glue),
      ]);
      glue.initSync({ module });
      mod.module = module;
      mod.glue = glue;
      onLoaded();
      if (this.instances() === n) {
        importGlue(n + 1, urls.glue).then(
          (spare) => {
            if (this.instances() === n) mod.spare = spare;
          },
          () => {},
        );
      }
    })().finally(() => {
      mod.loading = null;
    });
    return mod.loading;
  }

  /** Imports each compiled module's spare glue copy number `n` (the engine's next instance). */
  prepareSpares(n) {
    for (const [name, mod] of this.mods) {
      mod.spare = null;
      if (!mod.module) continue;
      importGlue(n, LAZY_MODULES[name].glue).then(
        (glue) => {
          if (this.instances() + 1 === n) mod.spare = glue;
        },
        () => {},
      );
    }
  }

  /**
   * After a trap: each loaded module's instance is replaced by its spare
   * (a module whose spare is not there yet is dropped: load() makes it
   * again when next needed).
   */
  replace() {
    for (const mod of this.mods.values()) {
      if (!mod.glue) continue;
      if (mod.spare) mod.spare.initSync({ module: mod.module });
      mod.glue = mod.spare;
      mod.spare = null;
    }
  }
}
