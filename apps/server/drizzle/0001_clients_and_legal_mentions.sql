CREATE TABLE "clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"nom" text NOT NULL,
	"email" text NOT NULL,
	"telephone" text DEFAULT '' NOT NULL,
	"siret" text,
	"rue" text DEFAULT '' NOT NULL,
	"code_postal" text DEFAULT '' NOT NULL,
	"ville" text DEFAULT '' NOT NULL,
	"pays" text DEFAULT 'France' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legal_mentions" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"conditions_paiement" text NOT NULL,
	"mention_libre" text NOT NULL,
	"escompte" text NOT NULL,
	"indemnite_forfaitaire" text NOT NULL,
	"tva_intracommunautaire" text NOT NULL,
	"nature_operation" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_mentions" ADD CONSTRAINT "legal_mentions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "clients_owner_email_key" ON "clients" USING btree ("owner_id","email");