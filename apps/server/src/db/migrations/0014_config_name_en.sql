ALTER TABLE "sys_config" ADD COLUMN "config_name_en" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
-- The seeded parameters get their English names (seed/config.ts CONFIG_NAMES_EN).
UPDATE "sys_config" SET "config_name_en" = CASE "config_key"
  WHEN 'sys.account.captchaEnabled' THEN 'Account self-service - captcha'
  WHEN 'sys.account.registerUser' THEN 'Account self-service - self registration'
  WHEN 'sys.user.initPassword' THEN 'User management - initial password'
  WHEN 'sys.index.skinName' THEN 'Main frame - default skin'
  WHEN 'sys.index.sideTheme' THEN 'Main frame - side bar theme'
  WHEN 'sys.account.passwordValidateDays' THEN 'User management - password change interval'
  WHEN 'sys.version.code' THEN 'Version check - latest version'
  WHEN 'sys.version.url' THEN 'Version check - update address'
  WHEN 'sys.api.docsPublic' THEN 'System API - public docs'
  WHEN 'ccms.library.allowPrivateUrls' THEN 'Private addresses allowed'
  WHEN 'tool.gen.writeToWorkTree' THEN 'Code generation - write into the project'
  WHEN 'mail.smtp.host' THEN 'Mail notices - SMTP server'
  WHEN 'mail.smtp.port' THEN 'Mail notices - SMTP port'
  WHEN 'mail.smtp.secure' THEN 'Mail notices - encryption'
  WHEN 'mail.smtp.from' THEN 'Mail notices - sender'
  WHEN 'mail.smtp.user' THEN 'Mail notices - account'
  WHEN 'mail.smtp.password' THEN 'Mail notices - password'
  WHEN 'mail.site.url' THEN 'Mail notices - site address'
  ELSE "config_name_en" END
WHERE "config_name_en" = '';
