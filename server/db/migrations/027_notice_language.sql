-- A notice written for the readers of one language (the demo seeds each of its notices in all five);
-- null, the default, reaches readers of every language.
ALTER TABLE notice ADD COLUMN language text CHECK (language IS NULL OR language IN ('zh-CN', 'zh-TW', 'en', 'vi', 'es'));
