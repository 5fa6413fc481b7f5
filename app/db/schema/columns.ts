import { timestamp, uuid } from "drizzle-orm/pg-core";

/*
 * Columns the tables share. Each is a function: a builder is changed by `.notNull()` and the like, so
 * one shared builder would carry one table's change into every later table.
 */
export const instant = (name: string) => timestamp(name, { withTimezone: true });
export const createdAt = () => instant("created_at").notNull().defaultNow();
export const updatedAt = () =>
  instant("updated_at")
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
export const uuidId = () => uuid("id").primaryKey().defaultRandom();
