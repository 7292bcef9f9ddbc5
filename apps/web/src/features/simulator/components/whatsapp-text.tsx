import { Fragment } from 'react'

/**
 * WhatsApp's light formatting, as the phone shows it: *bold* and _italic_; line breaks kept by
 * the bubble's CSS. Built as React nodes, never as HTML.
 */
export function WhatsAppText({ text }: { text: string }) {
  const parts = text.split(/(\*[^*\n]+\*|_[^_\n]+_)/g)
  return (
    <>
      {parts.map((part, i) => {
        const key = `${i}:${part}`
        if (part.length > 2 && part.startsWith('*') && part.endsWith('*')) {
          return <strong key={key}>{part.slice(1, -1)}</strong>
        }
        if (part.length > 2 && part.startsWith('_') && part.endsWith('_')) {
          return <em key={key}>{part.slice(1, -1)}</em>
        }
        return <Fragment key={key}>{part}</Fragment>
      })}
    </>
  )
}
