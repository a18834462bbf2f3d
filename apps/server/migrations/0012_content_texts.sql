-- Long texts the app shows and the console publishes (FAQ, user agreement, privacy policy), one
-- per key and language; a key with no row is served from the built-in text.
CREATE TABLE content_texts (
  key text NOT NULL CHECK (key IN ('faq', 'agreement', 'privacy')),
  lang text NOT NULL CHECK (lang IN ('zh', 'en')),
  body jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by bigint,
  PRIMARY KEY (key, lang)
);
