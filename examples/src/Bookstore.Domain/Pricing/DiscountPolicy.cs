using System;

namespace Bookstore.Domain.Pricing
{
    /// <summary>Decides what a line of an order costs.</summary>
    public abstract class DiscountPolicy
    {
        public virtual string Name => GetType().Name;

        public abstract Money Apply(Money unitPrice, int quantity);

        public static DiscountPolicy For(Genre genre) => genre switch
        {
            Genre.Children => new BulkDiscount(threshold: 10, percent: 15m),
            Genre.Science or Genre.History => new PercentageDiscount(5m),
            _ => NoDiscount.Instance,
        };
    }

    public sealed class NoDiscount : DiscountPolicy
    {
        public static readonly NoDiscount Instance = new();

        private NoDiscount()
        {
        }

        public override Money Apply(Money unitPrice, int quantity) => unitPrice * quantity;
    }

    public class PercentageDiscount : DiscountPolicy
    {
        public PercentageDiscount(decimal percent)
        {
            if (percent < 0m || percent > 100m)
            {
                throw new ArgumentOutOfRangeException(nameof(percent));
            }

            Percent = percent;
        }

        public decimal Percent { get; }

        public override string Name => $"{Percent}% off";

        public override Money Apply(Money unitPrice, int quantity) => (unitPrice * quantity).ApplyDiscount(Percent);
    }

    /// <summary>A percentage discount that only starts at a minimum quantity.</summary>
    public class BulkDiscount : PercentageDiscount
    {
        private readonly int _threshold;

        public BulkDiscount(int threshold, decimal percent)
            : base(percent)
        {
            _threshold = threshold;
        }

        public sealed override string Name => $"{base.Name} from {_threshold} copies";

        public override Money Apply(Money unitPrice, int quantity) =>
            quantity >= _threshold ? base.Apply(unitPrice, quantity) : unitPrice * quantity;
    }
}
