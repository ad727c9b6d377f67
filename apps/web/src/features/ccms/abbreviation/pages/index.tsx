import { GlossaryPage } from '../components/GlossaryPage';

/** Abbreviations (menu component ccms/abbreviation/index): glossary entries with a short form. */
export default function AbbreviationPage() {
  return <GlossaryPage kind="abbreviation" />;
}
