import { GlossaryPage } from '../../abbreviation/components/GlossaryPage';

/** Terms (menu component ccms/term/index): glossary entries with a definition. */
export default function TermPage() {
  return <GlossaryPage kind="term" />;
}
