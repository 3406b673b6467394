// One lint gate. The restrictions encode project rules: only src/platform/select.ts reads
// process.platform, no shell strings for spawning, and renderers stay pure.
import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", "node_modules/", "python/"] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked.map((config) => ({ ...config, files: ["**/*.ts"] })),
  {
    files: ["**/*.ts"],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      "@typescript-eslint/switch-exhaustiveness-check": "error",
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
      "max-params": ["error", 4],
      "no-restricted-properties": [
        "error",
        {
          object: "process",
          property: "platform",
          message: "Only src/platform/select.ts reads process.platform.",
        },
      ],
      "no-restricted-syntax": [
        "error",
        {
          selector: "Property[key.name='shell'][value.value=true]",
          message: "Spawn with an argument array, never a shell string.",
        },
      ],
    },
  },
  {
    // node:test's test() and describe() return promises the runner itself awaits.
    files: ["test/**/*.ts"],
    rules: {
      "@typescript-eslint/no-floating-promises": [
        "error",
        {
          allowForKnownSafeCalls: [
            { from: "package", name: ["test", "describe", "it", "suite"], package: "node:test" },
          ],
        },
      ],
    },
  },
  {
    files: ["src/platform/select.ts"],
    rules: { "no-restricted-properties": "off" },
  },
  {
    files: ["src/render/**/*.ts", "src/policy/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["node:fs", "node:fs/*", "node:child_process", "fs", "child_process"],
              message: "Renderers and policy values are pure: no file system or process access.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["**/*.js", "**/*.mjs"],
    languageOptions: { globals: globals.node },
  },
);
