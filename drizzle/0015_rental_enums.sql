CREATE TYPE "public"."add_on_unit" AS ENUM('booking', 'day', 'hour', 'guest');--> statement-breakpoint
CREATE TYPE "public"."booking_mode" AS ENUM('direct', 'request', 'closed');--> statement-breakpoint
CREATE TYPE "public"."customer_type" AS ENUM('privat', 'forening', 'erhverv', 'offentlig');