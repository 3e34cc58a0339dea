// The lint step of `npm test` (with `prettier --check`): TypeScript's recommended rules, the
// rules of hooks, and the house rules that keep one place per rule.
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

export default tseslint.config(
  {
    ignores: [
      "build/",
      "public/build/",
      "bench/baseline/build/",
      "bench/baseline/public/build/",
      ".cache/",
      "node_modules/",
      "test-results/",
      "playwright-report/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports", disallowTypeAnnotations: false }],
    },
  },
  {
    // Configuration is read once, checked by one schema: nothing else in the app reads the environment.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/server/config.server.ts"],
    rules: {
      "no-restricted-properties": [
        "error",
        { object: "process", property: "env", message: "Read configuration through config() in app/server/config.server.ts." },
      ],
    },
  },
  {
    // The operator's URLs live in the endpoint table; routes call the client, never fetch.
    files: ["app/routes/**/*.{ts,tsx}", "app/features/**/*.server.ts", "app/server/**/*.ts"],
    rules: {
      "no-restricted-globals": [
        "error",
        { name: "fetch", message: "Call the operator through app/operator (bindOperator / operatorClient)." },
      ],
    },
  },
  {
    // Import zones (issue 24): components are the floor every feature builds on, so they import
    // no feature, no route and not the root; features import no route. A circle through the
    // floor (it once ran root → components/layout → five features → components/dialog → root)
    // cannot come back. tests/site/import-zones.test.ts proves the rules bite.
    files: ["app/components/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["~/features/*", "**/features/*"],
              message: "Components are the floor: a feature's part belongs in app/features/<area>/.",
            },
            {
              group: ["~/routes/*", "**/routes/*", "~/root", "**/root"],
              message: "Components import no route and not the root (useRootData lives in features/site).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["app/features/**/*.{ts,tsx}"],
    ignores: ["app/features/site/root-data.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["~/routes/*", "**/routes/*"], message: "Features import no route: move what both need into the feature." },
            { group: ["~/root", "**/root"], message: "Read the root's data with useRootData() (app/features/site/root-data.ts)." },
          ],
        },
      ],
    },
  },
  {
    files: ["tests/**/*.{ts,tsx}", "e2e/**/*.ts", "bench/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
);
