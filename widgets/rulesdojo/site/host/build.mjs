// Bundles the page's script (page.js) for the static site: `node build.mjs OUT_FOLDER`.
import * as esbuild from "esbuild";
import { readFile } from "node:fs/promises";

// anywidget's front end is an AMD module (define(["@jupyter-widgets/base"], factory)); the page
// imports its factory and gives it the widget base classes itself.
const anywidgetAsModule = {
  name: "anywidget-as-module",
  setup(build) {
    build.onLoad({ filter: /anywidget[\\/]dist[\\/]index\.js$/ }, async (args) => {
      const text = await readFile(args.path, "utf8");
      const amd = /define\(\["@jupyter-widgets\/base"\], (\w+)\);\s*$/;
      if (!amd.test(text)) throw new Error("anywidget's front end no longer ends in the AMD define this build expects");
      return { contents: text.replace(amd, "export default $1;"), loader: "js" };
    });
  },
};

const out = process.argv[2];
await esbuild.build({
  entryPoints: { page: "page.js" },
  bundle: true, format: "esm", minify: true, target: "es2020", outdir: out, legalComments: "none",
  plugins: [anywidgetAsModule], logLevel: "warning",
  loader: { ".woff": "file", ".woff2": "file", ".ttf": "file", ".svg": "file", ".eot": "file" },
});
await esbuild.build({
  entryPoints: { worker: "worker.js" }, bundle: false, minify: true, format: "esm", outdir: out,
  logLevel: "warning",
});
