-- A ticket's thread holds the author's own follow-ups beside staff answers: written by the customer
-- on /account, or pasted by staff from an e-mail (decision 071). Every reply before this was staff's.
ALTER TABLE "support_replies" ADD COLUMN "from_customer" boolean DEFAULT false NOT NULL;
