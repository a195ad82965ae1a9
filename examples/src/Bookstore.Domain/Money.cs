using System;
using System.Globalization;

namespace Bookstore.Domain;

/// <summary>An amount in one currency. Immutable; arithmetic returns new values.</summary>
public record Money(decimal Amount, string Currency)
{
    public static readonly Money Zero = new(0m, "EUR");

    public static Money operator +(Money left, Money right)
    {
        EnsureSameCurrency(left, right);
        return left with { Amount = left.Amount + right.Amount };
    }

    public static Money operator *(Money money, int factor) => money with { Amount = money.Amount * factor };

    public bool IsZero => Amount == 0m;

    public Money ApplyDiscount(decimal percent) =>
        this with { Amount = Math.Round(Amount * (1m - percent / 100m), 2) };

    public override string ToString() =>
        Amount.ToString("0.00", CultureInfo.InvariantCulture) + " " + Currency;

#if NET8_0_OR_GREATER
    /// <summary>Parses "12.50 EUR" without allocating for the amount.</summary>
    public static Money Parse(ReadOnlySpan<char> text)
    {
        var space = text.IndexOf(' ');
        var amount = decimal.Parse(text[..space], NumberStyles.Number, CultureInfo.InvariantCulture);
        return new Money(amount, text[(space + 1)..].ToString());
    }
#endif

    private static void EnsureSameCurrency(Money left, Money right)
    {
        if (left.Currency != right.Currency)
        {
            throw new InvalidOperationException($"Cannot combine {left.Currency} with {right.Currency}.");
        }
    }
}

/// <summary>International Standard Book Number.</summary>
public readonly record struct Isbn(string Value)
{
    public bool IsValid => Value.Length is 10 or 13;

    public override string ToString() => $"ISBN {Value}";
}
