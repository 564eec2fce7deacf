-- The fingerprint (SHA-256 of the public part, or of a derived value: never the key) of each key
-- the instances of one installation must share: an instance with another key refuses to start.
CREATE TABLE "installation_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"fingerprint" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
