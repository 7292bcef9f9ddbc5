import { describe, expect, it } from 'vitest'
import { buttonReplyText, choiceMessage } from './messages.ts'

/** 'Em qual conta?' as reply buttons (issue 21): up to three, read back as the choice's number. */
describe('choice messages', () => {
  it('one button per choice, titles clipped to 20 characters', () => {
    expect(
      choiceMessage('Em qual conta?', ['Conta principal', 'Cartão Nubank Ultravioleta']),
    ).toEqual({
      kind: 'interactive',
      text: 'Em qual conta?',
      buttons: [
        { id: 'choice_1', title: 'Conta principal' },
        { id: 'choice_2', title: 'Cartão Nubank Ultra…' },
      ],
    })
  })

  it('more than three choices (or none) go as text, answered by the number', () => {
    expect(choiceMessage('Em qual conta?\n1. A\n2. B\n3. C\n4. D', ['A', 'B', 'C', 'D'])).toEqual({
      kind: 'text',
      text: 'Em qual conta?\n1. A\n2. B\n3. C\n4. D',
    })
    expect(choiceMessage('?', []).kind).toBe('text')
  })

  it("a choice button's reply reads as its number; other buttons as before", () => {
    expect(buttonReplyText('choice_2', 'Nubank')).toBe('2')
    expect(buttonReplyText('choice_10', 'X')).toBe('X')
    expect(buttonReplyText('confirm_yes', 'Sim')).toBe('sim')
  })
})
