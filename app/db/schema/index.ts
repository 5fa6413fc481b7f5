export * from "./content";
export * from "./settings";
