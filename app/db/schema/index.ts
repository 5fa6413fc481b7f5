export * from "./content";
export * from "./settings";
export * from "./accounts";
export * from "./reservation";
export * from "./operations";
export * from "./rental";
export * from "./tickets";
export * from "./newsletter";
