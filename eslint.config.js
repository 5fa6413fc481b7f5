import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "data/", "test-results/", "playwright-report/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-console": ["error", { allow: ["warn", "error"] }],
    },
  },
  {
    // Routes parse input, check access and call features; the database is the features' business.
    files: ["app/routes/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [{ name: "drizzle-orm", message: "Routes do not query: call a function in app/features/." }],
          patterns: [
            { group: ["drizzle-orm/*"], message: "Routes do not query: call a function in app/features/." },
            {
              group: ["~/db/schema", "~/db/schema/*"],
              message: "Routes do not query: call a function in app/features/.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["scripts/**", "tests/**", "*.config.*", "server.js"],
    rules: { "no-console": "off" },
  },
);
