-- Merchants and their files name each other (a merchant's licence and ID images; a file's
-- merchant). Checked at commit instead of per statement, a copy of the database (npm run
-- db:copy-embedded) can load the two tables in either order inside its one transaction.
ALTER TABLE merchant_files ALTER CONSTRAINT merchant_files_merchant_id_fkey DEFERRABLE INITIALLY IMMEDIATE;
ALTER TABLE merchants ALTER CONSTRAINT merchants_licence_file_fk DEFERRABLE INITIALLY IMMEDIATE;
ALTER TABLE merchants ALTER CONSTRAINT merchants_id_front_file_fk DEFERRABLE INITIALLY IMMEDIATE;
ALTER TABLE merchants ALTER CONSTRAINT merchants_id_back_file_fk DEFERRABLE INITIALLY IMMEDIATE;
