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
    files: ["tests/**/*.{ts,tsx}", "e2e/**/*.ts", "bench/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
);
