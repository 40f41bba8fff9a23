import { ActionIcon, Group, Paper, Tooltip } from '@mantine/core';
import {
  IconBlockquote,
  IconBold,
  IconH2,
  IconH3,
  IconItalic,
  IconList,
  IconListNumbers,
  IconUnderline,
} from '@tabler/icons-react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect } from 'react';
import classes from './report-editor.module.css';

type Mark = {
  label: string;
  icon: typeof IconBold;
  active: (editor: Editor) => boolean;
  run: (editor: Editor) => void;
};

// The marks the server keeps (report-html.ts): anything else the editor could make would be dropped.
const MARKS: Mark[] = [
  {
    label: 'Bold',
    icon: IconBold,
    active: (e) => e.isActive('bold'),
    run: (e) => e.chain().focus().toggleBold().run(),
  },
  {
    label: 'Italic',
    icon: IconItalic,
    active: (e) => e.isActive('italic'),
    run: (e) => e.chain().focus().toggleItalic().run(),
  },
  {
    label: 'Underline',
    icon: IconUnderline,
    active: (e) => e.isActive('underline'),
    run: (e) => e.chain().focus().toggleUnderline().run(),
  },
  {
    label: 'Heading',
    icon: IconH2,
    active: (e) => e.isActive('heading', { level: 2 }),
    run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
  },
  {
    label: 'Subheading',
    icon: IconH3,
    active: (e) => e.isActive('heading', { level: 3 }),
    run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(),
  },
  {
    label: 'Bulleted list',
    icon: IconList,
    active: (e) => e.isActive('bulletList'),
    run: (e) => e.chain().focus().toggleBulletList().run(),
  },
  {
    label: 'Numbered list',
    icon: IconListNumbers,
    active: (e) => e.isActive('orderedList'),
    run: (e) => e.chain().focus().toggleOrderedList().run(),
  },
  {
    label: 'Quote',
    icon: IconBlockquote,
    active: (e) => e.isActive('blockquote'),
    run: (e) => e.chain().focus().toggleBlockquote().run(),
  },
];

function Toolbar({ editor }: { editor: Editor }) {
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => MARKS.map((mark) => mark.active(e)),
  });
  return (
    <Group gap={4} role="toolbar" aria-label="Formatting" className={classes.toolbar}>
      {MARKS.map((mark, index) => (
        <Tooltip key={mark.label} label={mark.label} openDelay={400}>
          <ActionIcon
            variant={active[index] ? 'filled' : 'subtle'}
            color={active[index] ? undefined : 'gray'}
            aria-label={mark.label}
            aria-pressed={active[index]}
            onClick={() => mark.run(editor)}
          >
            <mark.icon size={18} />
          </ActionIcon>
        </Tooltip>
      ))}
    </Group>
  );
}

type ReportEditorProps = {
  /** The body as HTML when the editor opens; a new value (a template picked) replaces the text. */
  value: string;
  onChange: (html: string) => void;
  labelId: string;
  describedBy?: string;
};

/**
 * The rich-text body of a report (Tiptap, ProseMirror underneath), with the marks the server keeps. It is
 * its own chunk: the first screen does not carry an editor (issue 25: 200 KB budget).
 */
export default function ReportEditor({ value, onChange, labelId, describedBy }: ReportEditorProps) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        code: false,
        codeBlock: false,
        horizontalRule: false,
        link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'] },
      }),
    ],
    content: value,
    editorProps: {
      attributes: {
        class: classes.content ?? '',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
    immediatelyRender: true,
  });
  // A template picked outside the editor replaces its text; the editor's own typing never comes back here.
  useEffect(() => {
    // React's development double mount can hand over an editor already torn down; it has no document then.
    if (editor.isDestroyed) return;
    if (editor.getHTML() !== value && !(editor.isEmpty && value === '')) {
      editor.commands.setContent(value, { emitUpdate: false });
    }
  }, [editor, value]);
  return (
    <Paper withBorder radius="md" className={classes.frame}>
      <Toolbar editor={editor} />
      <EditorContent editor={editor} />
    </Paper>
  );
}
