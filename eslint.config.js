import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const collaboratorsFromTheEdge = {
  group: ["~/lib/collaborators.server", "**/collaborators.server"],
  allowTypeImports: true,
  message: "Features do not fetch collaborators: take them as parameters from the route that calls.",
};

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "data/", "test-results/", "playwright-report/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Components and hooks live under app/. The rules run the React Compiler on every function of a file they
    // see: over tests, server and scripts too, that was two thirds of the lint's time, finding nothing there.
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
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
    // Features get their collaborators as parameters; only the edges (routes, entry.server, server/) ask for the
    // set (decision 015). The types stay importable, for `Pick<Collaborators, …>`.
    files: ["app/features/**", "app/lib/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [collaboratorsFromTheEdge] }] },
  },
  {
    // The core knows no business (decision 055): orders, payment, accounts, e-mail, the queue and the schema import nothing
    // from the rental, tickets, the newsletter or the programme; the businesses import the core and
    // register with it in app/businesses.server.ts. This object replaces the rule above for these files, so it
    // repeats its pattern.
    files: ["app/features/{orders,payment,accounts,email,queue}/**", "app/db/schema/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            collaboratorsFromTheEdge,
            {
              regex: "^(?:~/features/|(?:\\.\\./)+(?:features/)?)(?:rental|tickets|newsletter|program)(?:/|$)",
              message:
                "The core knows no business: let the business import the core, or keep the shared words in app/db/schema/values/.",
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
